import Box from '@mui/material/Box';

/** Lets keyboard users jump past the header to the page's main content (WCAG 2.4.1). */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <Box
      component="a"
      href={`#${targetId}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        '&:focus': { top: 8 },
      }}
    >
      Skip to main content
    </Box>
  );
}
