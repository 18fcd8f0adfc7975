/** Role types and profiles (docs/rules/tenancy-and-roles.md); the rules built on them are in permissions.ts. */

export const ROLE_TYPES = ['admin', 'risk_manager', 'service_provider'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

export const PERFIS = ['admin', 'operational', 'ti'] as const;
export type Perfil = (typeof PERFIS)[number];

export const PERFIL_LABELS: Record<Perfil, string> = {
  operational: 'Operacional',
  admin: 'Administrador',
  ti: 'TI',
};

export interface Role {
  type: RoleType;
  perfil: Perfil;
}

/** The signed-in user as both sides see it: the server's request.user, the screens' identity. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** Null for platform admins (not tied to a risk manager). */
  riskManager: string | null;
  serviceProvider: string | null;
}

/** Claims carried by the JWT (docs/api.md / docs/architecture.md). `ver` invalidates old tokens. */
export interface TokenClaims {
  sub: string;
  riskManager: string | null;
  serviceProvider: string | null;
  name: string;
  email: string;
  role: Role;
  ver: number;
  iat?: number;
  exp?: number;
}

export const isRoleType = (v: unknown): v is RoleType =>
  typeof v === 'string' && (ROLE_TYPES as readonly string[]).includes(v);
export const isPerfil = (v: unknown): v is Perfil =>
  typeof v === 'string' && (PERFIS as readonly string[]).includes(v);
