'use client';

import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { PortalLink } from '@/shared/navigation/portal-link';

export interface HeaderUserMenuListProps {
  id: string;
  buttonId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  onLogout: () => void;
}

/** R2.9: the user menu's items, Your details and Log out, under the button that opens them. */
export function HeaderUserMenuList({ id, buttonId, anchor, onClose, onLogout }: HeaderUserMenuListProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-labelledby': buttonId } }}
    >
      <MenuItem component={PortalLink} href="/client-detail" onClick={onClose}>
        Your details
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          onLogout();
        }}
      >
        Log out
      </MenuItem>
    </Menu>
  );
}
