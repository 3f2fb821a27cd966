// The face of the accounts module: all that other modules, the platform, db/ and app.ts may import from it.
// Re-exports only (docs/decisions/054-one-crm.md).
export { auditRoutes } from './audit/routes.ts';
export { type AuditActor, recordAudit, type RequestOrigin, requestOrigin } from './audit/service.ts';
export { companyColumn } from './columns.ts';
export { listSellers } from './directory.ts';
export { documentParty, type DocumentPartyFacts } from './document-parties.ts';
export { buyerInterests } from './onboarding.ts';
export { onboardingRoutes } from './onboarding-routes.ts';
export { passwordRoutes } from './password-routes.ts';
export { avatarRoutes } from './avatar-routes.ts';
export {
  companyExists,
  companyIds,
  companyOwner,
  countUsers,
  findCompanies,
  findCompanyBySlug,
  findPeople,
  findPerson,
  isLiveUser,
  knownUserNameSql,
  type Person,
  sellersWithCompany,
  sessionUser,
  type SessionUser,
  sessionUserSql,
  setPlan,
  setPresence,
  userAvatarSql,
  userCompanySql,
  userMatchesSql,
  userName,
  userNameSql,
  usersNamedLike,
} from './people.ts';
export { rolesRoutes } from './roles-routes.ts';
export { seededRoleId } from './roles.ts';
export { accountsRoutes } from './routes.ts';
export {
  createAccount,
  emailTaken,
  findUserByEmail,
  getProfile,
  localUser,
  markEmailVerified,
  type NewAccount,
  slugify,
} from './service.ts';
