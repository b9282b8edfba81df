/** Spec 9: the pets menu shows at most 3 pets. */
export const drawerPetLimit = 3;

export interface DrawerPet {
  petId: number;
  name: string;
}

export interface DrawerPets {
  /** Up to 3 pets, in the order given (the pets feature sorts them by name). */
  shown: DrawerPet[];
  /** A 'See All' link to /pets when there are more than 3. */
  seeAll: boolean;
  /** 'No Pets Found' when there are none. */
  empty: boolean;
}

export function drawerPets(pets: readonly DrawerPet[] | undefined): DrawerPets {
  const all = pets ?? [];
  return {
    shown: all.slice(0, drawerPetLimit),
    seeAll: all.length > drawerPetLimit,
    empty: all.length === 0,
  };
}
