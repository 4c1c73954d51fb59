import type { PersistentStore } from './store';

type Payload = Record<string, unknown> & { grantId?: string; uid?: string; userCode?: string };

/** Models whose artifacts belong to a grant and are revoked with it. */
const GRANT_MEMBERS = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

const grantIndexKey = (grantId: string) => `grant:${grantId}`;
const sessionUidKey = (uid: string) => `sessionUid:${uid}`;
const userCodeKey = (userCode: string) => `userCode:${userCode}`;

export const storageKey = (model: string, id: string) => `${model}:${id}`;

/** oidc-provider's adapter interface, backed by {@link PersistentStore}. */
export class StoreAdapter {
  constructor(
    protected readonly model: string,
    protected readonly store: PersistentStore,
  ) {}

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    const key = storageKey(this.model, id);
    const expiresAt = typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : undefined;
    this.store.set(key, payload, expiresAt);

    if (this.model === 'Session' && typeof payload.uid === 'string') {
      this.store.set(sessionUidKey(payload.uid), id, expiresAt);
    }
    if (typeof payload.userCode === 'string') {
      this.store.set(userCodeKey(payload.userCode), id, expiresAt);
    }
    if (GRANT_MEMBERS.has(this.model) && typeof payload.grantId === 'string') {
      const indexKey = grantIndexKey(payload.grantId);
      const members = new Set((this.store.get(indexKey) as string[] | undefined) ?? []);
      members.add(key);
      const previousExpiry = this.store.expiresAt(indexKey);
      const indexExpiry =
        expiresAt === undefined || (previousExpiry === undefined && members.size > 1)
          ? undefined
          : Math.max(expiresAt, previousExpiry ?? 0);
      this.store.set(indexKey, [...members], indexExpiry);
    }
  }

  async find(id: string): Promise<Payload | undefined> {
    return this.store.get(storageKey(this.model, id)) as Payload | undefined;
  }

  async findByUid(uid: string): Promise<Payload | undefined> {
    const id = this.store.get(sessionUidKey(uid));
    return typeof id === 'string' ? this.find(id) : undefined;
  }

  async findByUserCode(userCode: string): Promise<Payload | undefined> {
    const id = this.store.get(userCodeKey(userCode));
    return typeof id === 'string' ? this.find(id) : undefined;
  }

  async consume(id: string): Promise<void> {
    const key = storageKey(this.model, id);
    const payload = this.store.get(key) as Payload | undefined;
    if (payload)
      this.store.set(key, { ...payload, consumed: Math.floor(Date.now() / 1000) }, this.store.expiresAt(key));
  }

  async destroy(id: string): Promise<void> {
    this.store.delete(storageKey(this.model, id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    const indexKey = grantIndexKey(grantId);
    const members = (this.store.get(indexKey) as string[] | undefined) ?? [];
    for (const key of members) this.store.delete(key);
    this.store.delete(indexKey);
  }
}

/**
 * Refresh tokens reach clients only inside a signed JWT (keycloak-js decodes them), so lookups
 * by value accept only that JWT and unwrap it to the opaque id oidc-provider stored.
 */
export class RefreshTokenAdapter extends StoreAdapter {
  constructor(
    store: PersistentStore,
    private readonly unwrap: (token: string) => string | undefined,
  ) {
    super('RefreshToken', store);
  }

  override async find(value: string): Promise<Payload | undefined> {
    const id = this.unwrap(value);
    return id === undefined ? undefined : super.find(id);
  }
}
