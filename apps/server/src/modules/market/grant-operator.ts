import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { findUserByEmail } from '../accounts/public.ts';
import { grantOperator } from './rates.ts';

/**
 * Makes an existing account a platform operator (docs/decisions/014), on the database the server
 * would use: `node apps/server/src/modules/market/grant-operator.ts someone@example.com`.
 */
const email = process.argv[2];
if (!email) {
  console.error('Usage: node apps/server/src/modules/market/grant-operator.ts <e-mail of an existing account>');
  process.exit(2);
}
const database = await openDatabase(loadConfig());
try {
  await database.migrate();
  const user = await findUserByEmail(database.db, email);
  if (!user || user.deletedAt) {
    console.error(`No account with the e-mail ${email}.`);
    process.exitCode = 1;
  } else {
    await grantOperator(database.db, user.id);
    console.log(`${email} is now a platform operator.`);
  }
} finally {
  await database.close();
}
