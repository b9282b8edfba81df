'use client';

import ExpandMore from '@mui/icons-material/ExpandMore';
import Person from '@mui/icons-material/Person';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import NextLink from 'next/link';
import { useId, useState } from 'react';

export interface HeaderUser {
  firstName: string;
  lastName: string;
}

/** R2.9: the desktop user menu shows the client's name and offers Your details and Log out. */
export function HeaderUserMenu({ user, onLogout }: { user?: HeaderUser | null; onLogout: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;
  const close = () => setAnchor(null);
  // The name loads after activation (R4.2); until then the button still opens the menu.
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : 'Your account';
  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        startIcon={<Person aria-hidden />}
        endIcon={<ExpandMore aria-hidden />}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minHeight: 44 }}
      >
        {name}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <MenuItem component={NextLink} href="/client-detail" onClick={close}>
          Your details
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onLogout();
          }}
        >
          Log out
        </MenuItem>
      </Menu>
    </>
  );
}
