/** A person who can sign in to the development identity provider. */
export interface IdpUser {
  /** Stable subject (`sub`), like Keycloak's user id. */
  id: string;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  emailVerified: boolean;
  /** Realm roles, carried in `realm_access.roles`. */
  roles: string[];
}

/** Development only: these credentials are public, which is why the IdP refuses NODE_ENV=production. */
export const DEMO_USERS: readonly IdpUser[] = [
  {
    id: '6f1c2b1e-3a52-4f1d-9b8e-0a1d5c7e2f01',
    username: 'admin',
    password: 'admin',
    firstName: 'María José',
    lastName: 'García López',
    email: 'admin@ecodigital.local',
    emailVerified: true,
    roles: ['administrador'],
  },
  {
    id: '2d7e9a40-8c3b-4b6a-a1f2-5e9c0b3d4f02',
    username: 'gestor',
    password: 'gestor',
    firstName: 'Juan Carlos',
    lastName: 'Pérez Ruiz',
    email: 'gestor@ecodigital.local',
    emailVerified: true,
    roles: ['gestor'],
  },
  {
    id: '9b4f6c13-5d2e-4e8a-b7c9-1f3a2d6e8c03',
    username: 'consulta',
    password: 'consulta',
    firstName: 'Lucía',
    lastName: 'Fernández Díaz',
    email: 'consulta@ecodigital.local',
    emailVerified: true,
    roles: ['consulta'],
  },
  {
    id: '4c8a1e27-6b3d-4f9e-8a5c-2d7b9e1f3a04',
    username: 'tesorera',
    password: 'tesorera',
    firstName: 'Ana Belén',
    lastName: 'Romero Gil',
    email: 'tesorera@ecodigital.local',
    emailVerified: true,
    roles: ['gestor'],
  },
];

export function fullName(user: IdpUser): string {
  return `${user.firstName} ${user.lastName}`;
}

/** Claims Keycloak puts in tokens through its default client scopes `profile`, `email` and `roles`. */
export function profileClaims(user: IdpUser) {
  return {
    preferred_username: user.username,
    given_name: user.firstName,
    family_name: user.lastName,
    name: fullName(user),
    email: user.email,
    email_verified: user.emailVerified,
    realm_access: { roles: [...user.roles] },
  };
}

export class UserDirectory {
  readonly #byId: Map<string, IdpUser>;
  readonly #byUsername: Map<string, IdpUser>;

  constructor(users: readonly IdpUser[]) {
    this.#byId = new Map(users.map((user) => [user.id, user]));
    this.#byUsername = new Map(users.map((user) => [user.username.toLowerCase(), user]));
  }

  findById(id: string): IdpUser | undefined {
    return this.#byId.get(id);
  }

  /** Usernames are case-insensitive, as in Keycloak. */
  authenticate(username: string, password: string): IdpUser | undefined {
    const user = this.#byUsername.get(username.trim().toLowerCase());
    return user && user.password === password ? user : undefined;
  }
}
