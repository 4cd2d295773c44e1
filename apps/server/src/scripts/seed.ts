import { boot } from '../boot';
import { formatLogins, seed } from '../db/seed';

const { config, database } = await boot('seed');
const result = await seed(database, config);
console.log(`Seeded: ${JSON.stringify(result.inserted)}`);
if (result.logins.length) console.log(`New logins:\n${formatLogins(result.logins)}`);
await database.close();
