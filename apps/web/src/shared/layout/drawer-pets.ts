/** R9.6: the pets menu shows at most 3 pets. */
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

/**
 * `pets` may be every pet or already the first 3 (R3.6's slicedData); `total` is how many there are
 * in all (R3.6's total), the length of `pets` unless given.
 */
export function drawerPets(pets: readonly DrawerPet[] | undefined, total?: number): DrawerPets {
  const all = pets ?? [];
  const count = Math.max(total ?? all.length, all.length);
  return {
    shown: all.slice(0, drawerPetLimit),
    seeAll: count > drawerPetLimit,
    empty: count === 0,
  };
}
