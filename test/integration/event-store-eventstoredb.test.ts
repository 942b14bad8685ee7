import { openEventStoreDbEventStore } from '../../infrastructure/event-store/eventstoredb.ts';
import { eventStoreContract } from './event-store.contract.ts';

// No EventStoreDB server runs on the development machines; point EVENTSTORE_URL at one to run this
// (e.g. esdb://localhost:2113?tls=false from docker-compose).
const url = process.env['EVENTSTORE_URL'];
eventStoreContract('eventstoredb', () => openEventStoreDbEventStore({ connectionString: url as string }), url ? {} : { skip: 'EVENTSTORE_URL not set' });
