/** A protected person every tier can use: a minor with a valid phone and CPF. */
export const validDependent = {
  kind: 'minor',
  name: 'Bia',
  birthDate: '2014-03-02',
  relationship: 'child',
  phone: '+5511987654321',
  document: { type: 'cpf', number: '529.982.247-25' },
} as const;
