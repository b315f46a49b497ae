import { lookup as dnsLookup, LookupAddress, LookupOptions } from 'node:dns';
import { AddressGuard } from './address-guard';

/** The `lookup` of a socket connection (net.connect, undici's `connect.lookup`). */
export type ConnectLookup = (
  hostname: string,
  options: LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void;

/**
 * dns.lookup that fails, with `refuse(what)`, for a name resolving to an address the guard
 * refuses. Used as the connection's own lookup, it judges the address actually dialled, on
 * every connection: a name that resolves to a public address once and a private one next (DNS
 * rebinding) is caught. Literal IP hosts skip the lookup and must be checked by the caller.
 */
export function guardedLookup(guard: AddressGuard, refuse: (what: string) => Error): ConnectLookup {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as LookupAddress[];
      const refused = list.find((a) => !guard.allows(a.address));
      if (refused) return callback(refuse(`${hostname} (${refused.address})`), '');
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
      callback(null, first.address, first.family);
    });
  };
}
