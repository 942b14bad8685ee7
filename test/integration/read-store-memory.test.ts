import { createMemoryReadStore } from '../../infrastructure/read-store/memory.ts';
import { readStoreContract } from './read-store.contract.ts';

readStoreContract('memory', async () => createMemoryReadStore());
