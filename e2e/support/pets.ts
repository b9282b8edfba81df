import type { Page } from 'playwright-core';

/** Registers a dog of the demo's lists to the signed-in client, as the portal's form would; its id. */
export async function registerDog(page: Page, name: string): Promise<number> {
  return page.evaluate(async (petName) => {
    const get = async (path: string) => (await fetch(`/bff${path}`)).json();
    const species = (await get('/v2/species')) as { speciesId: number; code: string }[];
    const dog = species.find((one) => one.code === 'Canine')!;
    const [breed] = (await get(`/v2/species/${dog.speciesId}/breeds`)) as { breedId: number }[];
    const colours = (await get(`/v2/species/${dog.speciesId}/breeds/${breed!.breedId}/colours`)) as {
      colourId: number;
    }[];
    const response = await fetch('/bff/v2/pets', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: petName,
        speciesId: dog.speciesId,
        breedId: breed!.breedId,
        colourId: colours[0]?.colourId ?? null,
        sex: 'Female',
        neutered: false,
        dateOfBirth: '2024-05-01',
        microchipNumber: null,
        insurerId: null,
        policyNumber: null,
      }),
    });
    if (response.status !== 201) throw new Error(`registering ${petName}: ${response.status}`);
    return ((await response.json()) as { petId: number }).petId;
  }, name);
}
