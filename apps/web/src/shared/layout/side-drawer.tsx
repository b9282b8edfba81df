'use client';

import { useEffect, useId, useState } from 'react';
import { cx } from '@/shared/ui/cx';
import { Dialog } from '@/shared/ui/dialog';
import { IconButton } from '@/shared/ui/icon-button';
import { CloseIcon, ExpandLessIcon, ExpandMoreIcon } from '@/shared/ui/icons';
import { useMediaQuery } from '@/shared/ui/use-media-query';
import { DrawerItem } from './drawer-item';
import type { DrawerPet } from './drawer-pets';
import { DrawerPetsList } from './drawer-pets-list';
import { desktopMediaQuery, drawerId } from './layout-constants';
import styles from './side-drawer.module.css';
import { UnreadCount } from './unread-count';

export interface SideDrawerProps {
  open: boolean;
  onClose: () => void;
  pets: readonly DrawerPet[] | undefined;
  /** How many pets there are in all, when `pets` holds only the first 3 (for See All). */
  petTotal?: number;
  petsLoading?: boolean;
  /** The Messages item's count of unread answers (issue 66). */
  unreadMessages?: number;
  onLogout: () => void;
}

/**
 * R2.8: the right-hand drawer menu, 240 wide, a modal dialog (the page behind is inert). It closes on an
 * outside click (the dimmed page), on Escape, when a link is followed, and when the window grows to the
 * desktop width (1200px), where the top navigation takes over; closing puts the focus back on the
 * hamburger. Its code loads on first opening (OnDemandSideDrawer) and stays, its content with it (hidden
 * while closed, so a followed link still reports its page on the way), and Your pets stays expanded or
 * collapsed between openings.
 */
export function SideDrawer({
  open,
  onClose,
  pets,
  petTotal,
  petsLoading,
  unreadMessages,
  onLogout,
}: SideDrawerProps) {
  const [petsOpen, setPetsOpen] = useState(false);
  const petsListId = useId();
  const wide = useMediaQuery(desktopMediaQuery);
  useEffect(() => {
    if (open && wide) onClose();
  }, [open, wide, onClose]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      closeOnBackdrop
      keepMounted
      id={drawerId}
      aria-label="Menu"
      className={styles.drawer}
    >
      <div className={styles.top}>
        <IconButton aria-label="Close menu" onClick={onClose} className={styles.close}>
          <CloseIcon />
        </IconButton>
      </div>
      <nav aria-label="Menu">
        <ul className={styles.list}>
          <DrawerItem href="/" onClick={onClose}>
            Dashboard
          </DrawerItem>
          <DrawerItem href="/client-detail" onClick={onClose}>
            Your details
          </DrawerItem>
          <DrawerItem
            aria-expanded={petsOpen}
            aria-controls={petsListId}
            onClick={() => setPetsOpen((value) => !value)}
            end={petsOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            after={
              <div className={cx(styles.collapse, petsOpen && styles.expanded)}>
                <div className={styles.collapseInner}>
                  <DrawerPetsList
                    id={petsListId}
                    pets={pets}
                    total={petTotal}
                    loading={petsLoading}
                    onNavigate={onClose}
                  />
                </div>
              </div>
            }
          >
            Your pets
          </DrawerItem>
          <DrawerItem href="/appointments" onClick={onClose}>
            Your appointments
          </DrawerItem>
          {/* As in the top navigation: after the spec's items, before Logout. */}
          <DrawerItem href="/drug-request" onClick={onClose}>
            Repeat prescriptions
          </DrawerItem>
          <DrawerItem href="/bills" onClick={onClose}>
            Bills and estimates
          </DrawerItem>
          <DrawerItem href="/messages" onClick={onClose} end={<UnreadCount count={unreadMessages} />}>
            Messages
          </DrawerItem>
          <DrawerItem
            onClick={() => {
              onClose();
              onLogout();
            }}
          >
            Logout
          </DrawerItem>
        </ul>
      </nav>
    </Dialog>
  );
}
