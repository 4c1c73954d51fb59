// oidc-provider ships no type declarations; this covers the part of its API this app uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface GrantInstance {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
    destroy(): Promise<void>;
  }

  export interface GrantModel {
    new (properties: { clientId: string; accountId: string }): GrantInstance;
    find(id: string): Promise<GrantInstance | undefined>;
  }

  export interface SessionInstance {
    accountId?: string;
    authorizations?: Record<string, { sid?: string; grantId?: string; persistsLogout?: boolean }>;
    state?: Record<string, unknown>;
    destroy(): Promise<void>;
  }

  export interface GrantScopedModel {
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId: string };
  }

  export interface OidcContext {
    client?: { clientId: string };
    session: SessionInstance;
    params: Record<string, unknown>;
    result?: { consent?: { grantId?: string } };
    entities: Record<string, Record<string, unknown> | undefined>;
    provider: Provider;
    cookies: { set(name: string, value: string | null, options?: Record<string, unknown>): void };
    route: string;
  }

  /** The Koa context oidc-provider hands to middleware and configuration helpers. */
  export interface ProviderContext {
    path: string;
    method: string;
    status: number;
    body: unknown;
    type: string;
    secure: boolean;
    oidc: OidcContext;
    get(header: string): string;
    set(header: string, value: string): void;
    remove(header: string): void;
    redirect(url: string): void;
    response: { get(header: string): string | string[] };
  }

  export type ProviderMiddleware = (ctx: ProviderContext, next: () => Promise<void>) => Promise<void>;

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    issuer: string;
    proxy: boolean;
    Grant: GrantModel;
    AccessToken: GrantScopedModel;
    AuthorizationCode: GrantScopedModel;
    RefreshToken: GrantScopedModel;
    Session: { get(ctx: { req: IncomingMessage; res: ServerResponse; secure: boolean }): Promise<SessionInstance> };
    use(middleware: ProviderMiddleware): this;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    cookieName(type: 'session' | 'interaction' | 'resume'): string;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export const errors: {
    InvalidTarget: new (description?: string) => Error;
    InvalidRequest: new (description?: string) => Error;
  };

  export default Provider;
}
