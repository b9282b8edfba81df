/**
 * Who owns a practice, as the CMA's remedies ask a vet business to say (issue 62, decision 0143): one
 * wording for the practice pages, the booking's check step and the e-mails.
 */

/** Under the practice's name, where the name is already the heading: "Owned by Harbour Vets Group Ltd". */
export const ownedByText = (ownerName: string): string => `Owned by ${ownerName}`;

/** On its own, naming the practice: "Clapham Vets is owned by Harbour Vets Group Ltd." */
export const ownershipSentence = (practiceName: string, ownerName: string): string =>
  `${practiceName} is owned by ${ownerName}.`;
