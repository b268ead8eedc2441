/** What every page reads: the client and who is signed in. */
import { createContext, useContext } from 'react';
import type { Me } from '../../../protocol/web';
import type { Client } from '../api/client';

export interface Session {
  client: Client;
  me: Me;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in page');
  return session;
}
