import { addDays } from '@vet/contracts/plan-rules';
import { practiceDate } from '@vet/contracts/practice-clock';
import type { Database } from '@vet/db/connection';
import { vaccinations } from '@vet/db/schema/vaccinations';
import {
  createPet,
  createPractice,
  createReason,
  createSpecies,
  type createClient,
} from '@vet/db/testing/factories';
import { createHealthPlan, createPlanMembership } from '@vet/db/testing/plan-factories';

type SignedInClient = (
  overrides?: Parameters<typeof createClient>[1],
) => Promise<{ client: Awaited<ReturnType<typeof createClient>>; authorization: string }>;

/**
 * A practice with a dog plan (two vaccinations' worth of a "Vaccination" reason a year, unlimited
 * check-ups, 10% off the rest) and a cat plan, and a signed-in client with a dog on the dog plan and a
 * cat on none: what the plan pages read.
 */
export async function planScene(db: Database, signedInClient: SignedInClient) {
  const today = practiceDate(new Date());
  const practice = await createPractice(db, { name: 'Harbour Vets Clapham' });
  const dog = await createSpecies(db, { code: 'Canine' });
  const cat = await createSpecies(db, { code: 'Feline' });
  const vaccinationReason = await createReason(db);
  const checkUpReason = await createReason(db);
  const dogPlan = await createHealthPlan(
    db,
    {
      practiceId: practice.id,
      name: 'Healthy Dog Club',
      speciesIds: [dog.id],
      monthlyPence: 1_650,
      yearlyPence: 18_000,
      earlyExitFeePence: 3_000,
      exitTerms: 'Leave any time after 12 months.',
    },
    [
      {
        name: 'Vaccinations',
        kind: 'allowance',
        allowancePerYear: 2,
        reasonId: vaccinationReason.id,
        vaccination: true,
      },
      { name: 'Check-ups', kind: 'allowance', allowancePerYear: null, reasonId: checkUpReason.id },
      { name: 'Everything else', kind: 'discount', discountPercent: 10 },
    ],
  );
  const catPlan = await createHealthPlan(
    db,
    {
      practiceId: practice.id,
      name: 'Happy Cat Club',
      speciesIds: [cat.id],
      monthlyPence: 1_250,
      minAgeMonths: 6,
    },
    [{ name: 'Flea and worm', kind: 'allowance', allowancePerYear: 12 }],
  );
  const { client, authorization } = await signedInClient({ homePracticeId: practice.id });
  const rex = await createPet(db, {
    clientId: client.id,
    name: 'Rex',
    speciesId: dog.id,
    dateOfBirth: '2022-03-01',
  });
  const tibbles = await createPet(db, {
    clientId: client.id,
    name: 'Tibbles',
    speciesId: cat.id,
    dateOfBirth: '2024-01-15',
  });
  const [vaccines, checkUps] = dogPlan.benefits;
  const membership = await createPlanMembership(
    db,
    {
      practiceId: practice.id,
      planId: dogPlan.plan.id,
      clientId: client.id,
      petId: rex.id,
      pricePence: 1_650,
      startedOn: addDays(today, -100),
      renewsOn: addDays(today, 265),
      nextPaymentOn: addDays(today, 5),
    },
    { [vaccines!.id]: 1, [checkUps!.id]: 3 },
  );
  const vaccinate = (petId: number, vaccine: string, givenOn: string, dueOn: string | null) =>
    db.insert(vaccinations).values({ pmsRef: `VAC-${crypto.randomUUID()}`, petId, vaccine, givenOn, dueOn });
  return {
    today,
    practice,
    dog,
    cat,
    vaccinationReason,
    checkUpReason,
    dogPlan,
    catPlan,
    client,
    authorization,
    rex,
    tibbles,
    membership,
    vaccinate,
  };
}
