import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteEventStore } from '../../infrastructure/event-store/sqlite.ts';
import { eventStoreContract } from './event-store.contract.ts';

eventStoreContract('sqlite', async () => openSqliteEventStore({ path: join(mkdtempSync(join(tmpdir(), 'lcs-es-')), 'events.sqlite') }));
