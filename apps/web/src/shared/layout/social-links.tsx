import type { ComponentType } from 'react';
import type { SocialNetwork } from '@/config/site-links';
import { cx } from '@/shared/ui/cx';
import buttonBase from '@/shared/ui/button-base.module.css';
import iconButton from '@/shared/ui/icon-button.module.css';
import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon, YouTubeIcon } from '@/shared/ui/icons';
import styles from './social-links.module.css';

const networks: { id: SocialNetwork; name: string; Icon: ComponentType }[] = [
  { id: 'facebook', name: 'Facebook', Icon: FacebookIcon },
  { id: 'instagram', name: 'Instagram', Icon: InstagramIcon },
  { id: 'x', name: 'X', Icon: XIcon },
  { id: 'linkedin', name: 'LinkedIn', Icon: LinkedInIcon },
  { id: 'youtube', name: 'YouTube', Icon: YouTubeIcon },
];

/**
 * Icon links to the provider's social network pages; each is named "<brand> on <network>". Links drawn
 * as round icon buttons in the footer's white.
 */
export function SocialLinks(props: { brandName: string; links: Record<SocialNetwork, string> }) {
  return (
    <ul aria-label="Social networks" className={styles.list}>
      {networks.map(({ id, name, Icon }) => (
        <li key={id}>
          <a
            href={props.links[id]}
            aria-label={`${props.brandName} on ${name}`}
            className={cx(buttonBase.base, iconButton.root, iconButton.inherit, styles.link)}
          >
            <Icon />
          </a>
        </li>
      ))}
    </ul>
  );
}
