import { DrawerItem, DrawerNote } from './drawer-item';
import styles from './drawer-pets-list.module.css';
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

/** R2.7: up to 3 pet names linking to /pets/{petId}, See All past 3, No Pets Found with none. */
export function DrawerPetsList({ id, pets, total, loading, onNavigate }: DrawerPetsListProps) {
  const { shown, seeAll, empty } = drawerPets(pets, total);
  return (
    <ul id={id} className={styles.list}>
      {loading ? (
        <DrawerNote>Loading pets…</DrawerNote>
      ) : (
        <>
          {empty && <DrawerNote>No Pets Found</DrawerNote>}
          {shown.map((pet) => (
            <DrawerItem key={pet.petId} href={`/pets/${pet.petId}`} onClick={onNavigate} nested>
              {pet.name}
            </DrawerItem>
          ))}
          {seeAll && (
            <DrawerItem href="/pets" onClick={onNavigate} nested>
              See All
            </DrawerItem>
          )}
        </>
      )}
    </ul>
  );
}
