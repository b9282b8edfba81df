'use client';

import Close from '@mui/icons-material/Close';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useState } from 'react';
import { PortalLink } from '@/shared/navigation/portal-link';
import type { DrawerPet } from './drawer-pets';
import { DrawerPetsList } from './drawer-pets-list';
import { desktopBreakpoint, drawerId, drawerWidth } from './layout-constants';

export interface SideDrawerProps {
  open: boolean;
  onClose: () => void;
  pets: readonly DrawerPet[] | undefined;
  /** How many pets there are in all, when `pets` holds only the first 3 (for See All). */
  petTotal?: number;
  petsLoading?: boolean;
  onLogout: () => void;
}

const itemSx = { minHeight: 48 };

function DrawerLink({ href, label, onClick }: { href: string; label: string; onClick: () => void }) {
  return (
    <ListItem disablePadding>
      <ListItemButton component={PortalLink} href={href} onClick={onClick} sx={itemSx}>
        <ListItemText primary={label} />
      </ListItemButton>
    </ListItem>
  );
}

/**
 * R2.8: the right-hand drawer menu, 240 wide. It closes on an outside click (the backdrop), on Escape,
 * when a link is followed, and when the window grows to the desktop width (1200px), where the top
 * navigation takes over. It loads and mounts on first opening (OnDemandSideDrawer), then stays mounted.
 */
export function SideDrawer({ open, onClose, pets, petTotal, petsLoading, onLogout }: SideDrawerProps) {
  const [petsOpen, setPetsOpen] = useState(false);
  const petsListId = useId();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up(desktopBreakpoint));
  useEffect(() => {
    if (open && wide) onClose();
  }, [open, wide, onClose]);

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      keepMounted
      slotProps={{ paper: { id: drawerId, 'aria-label': 'Menu', sx: { width: drawerWidth } } }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <IconButton aria-label="Close menu" onClick={onClose} sx={{ width: 48, height: 48 }}>
          <Close />
        </IconButton>
      </Box>
      <Box component="nav" aria-label="Menu">
        <List disablePadding>
          <DrawerLink href="/" label="Dashboard" onClick={onClose} />
          <DrawerLink href="/client-detail" label="Your details" onClick={onClose} />
          <ListItem disablePadding sx={{ display: 'block' }}>
            <ListItemButton
              aria-expanded={petsOpen}
              aria-controls={petsListId}
              onClick={() => setPetsOpen((value) => !value)}
              sx={itemSx}
            >
              <ListItemText primary="Your pets" />
              {petsOpen ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
            </ListItemButton>
            <Collapse in={petsOpen}>
              <DrawerPetsList
                id={petsListId}
                pets={pets}
                total={petTotal}
                loading={petsLoading}
                onNavigate={onClose}
              />
            </Collapse>
          </ListItem>
          <DrawerLink href="/appointments" label="Your appointments" onClick={onClose} />
          <ListItem disablePadding>
            <ListItemButton
              onClick={() => {
                onClose();
                onLogout();
              }}
              sx={itemSx}
            >
              <ListItemText primary="Logout" />
            </ListItemButton>
          </ListItem>
        </List>
      </Box>
    </Drawer>
  );
}
