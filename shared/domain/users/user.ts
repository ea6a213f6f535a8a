export interface User {
  uid: string;
  email: string;
  name: string | null;
  phone: string | null;
  document: { type: 'cpf'; number: string } | null;
  createdAt: string;
  version: number;
}

export const newUser = (fields: { uid: string; email: string; now: Date }): User => ({
  uid: fields.uid,
  email: fields.email,
  name: null,
  phone: null,
  document: null,
  createdAt: fields.now.toISOString(),
  version: 0,
});

export const profileView = (user: User) => ({
  uid: user.uid,
  email: user.email,
  name: user.name,
  phone: user.phone,
  document: user.document,
});
