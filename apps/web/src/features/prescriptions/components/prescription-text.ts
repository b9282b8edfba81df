/** "Metacam oral suspension 1.5 mg/ml" */
export const medicineName = (medicine: { medicine: string; strength: string | null }) =>
  medicine.strength ? `${medicine.medicine} ${medicine.strength}` : medicine.medicine;
