import Facebook from '@mui/icons-material/Facebook';
import Instagram from '@mui/icons-material/Instagram';
import LinkedIn from '@mui/icons-material/LinkedIn';
import X from '@mui/icons-material/X';
import YouTube from '@mui/icons-material/YouTube';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { ComponentType } from 'react';
import type { SocialNetwork } from '@/config/site-links';

const networks: { id: SocialNetwork; name: string; Icon: ComponentType }[] = [
  { id: 'facebook', name: 'Facebook', Icon: Facebook },
  { id: 'instagram', name: 'Instagram', Icon: Instagram },
  { id: 'x', name: 'X', Icon: X },
  { id: 'linkedin', name: 'LinkedIn', Icon: LinkedIn },
  { id: 'youtube', name: 'YouTube', Icon: YouTube },
];

/** Icon links to the provider's social network pages; each is named "<brand> on <network>". */
export function SocialLinks(props: { brandName: string; links: Record<SocialNetwork, string> }) {
  return (
    <Box
      component="ul"
      aria-label="Social networks"
      sx={{ display: 'flex', gap: 1, listStyle: 'none', m: 0, p: 0 }}
    >
      {networks.map(({ id, name, Icon }) => (
        <li key={id}>
          <IconButton
            component="a"
            href={props.links[id]}
            aria-label={`${props.brandName} on ${name}`}
            color="inherit"
            sx={{ width: 48, height: 48 }}
          >
            <Icon />
          </IconButton>
        </li>
      ))}
    </Box>
  );
}
