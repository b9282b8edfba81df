import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { PortalLink } from '@/shared/navigation/portal-link';
import { drawerPets, type DrawerPet } from './drawer-pets';

export interface DrawerPetsListProps {
  id: string;
  pets: readonly DrawerPet[] | undefined;
  /** How many pets there are in all, when `pets` holds only the first 3. */
  total?: number;
  loading?: boolean;
  /** Called when a link is followed, so the drawer closes. */
  onNavigate: () => void;
}

const nested = { pl: 4, minHeight: 44 };

function PetLink({ href, label, onNavigate }: { href: string; label: string; onNavigate: () => void }) {
  return (
    <ListItem disablePadding>
      <ListItemButton component={PortalLink} href={href} onClick={onNavigate} sx={nested}>
        <ListItemText primary={label} />
      </ListItemButton>
    </ListItem>
  );
}

/** R2.7: up to 3 pet names linking to /pets/{petId}, See All past 3, No Pets Found with none. */
export function DrawerPetsList({ id, pets, total, loading, onNavigate }: DrawerPetsListProps) {
  const { shown, seeAll, empty } = drawerPets(pets, total);
  return (
    <List id={id} disablePadding>
      {loading ? (
        <ListItem sx={nested}>
          <ListItemText primary="Loading pets…" />
        </ListItem>
      ) : (
        <>
          {empty && (
            <ListItem sx={nested}>
              <ListItemText primary="No Pets Found" />
            </ListItem>
          )}
          {shown.map((pet) => (
            <PetLink key={pet.petId} href={`/pets/${pet.petId}`} label={pet.name} onNavigate={onNavigate} />
          ))}
          {seeAll && <PetLink href="/pets" label="See All" onNavigate={onNavigate} />}
        </>
      )}
    </List>
  );
}
