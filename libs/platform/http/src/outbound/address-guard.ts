import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Which addresses the web fetcher may connect to: public unicast addresses only, plus the
 * networks that configuration allows explicitly (a test's own server, an intranet wiki).
 * Loopback, private, link-local, carrier-grade NAT, multicast, reserved and the IPv6 forms that
 * embed an IPv4 address (mapped, NAT64, 6to4, Teredo) are judged by what they lead to.
 */
export class AddressGuard {
  private readonly allowed: [Address, number][];

  /** `allowedNetworks`: CIDRs (`127.0.0.1/32`, `10.0.0.0/8`, `::1/128`) let through although not public. */
  constructor(allowedNetworks: readonly string[] = []) {
    this.allowed = allowedNetworks.map((cidr) => {
      try {
        return cidr.includes('/') ? ipaddr.parseCIDR(cidr) : [ipaddr.parse(cidr), ipaddr.parse(cidr).kind() === 'ipv4' ? 32 : 128];
      } catch {
        throw new Error(`Not an IP network: '${cidr}' (expected a CIDR such as 127.0.0.1/32)`);
      }
    });
  }

  /** True when a connection to this literal address is allowed. */
  allows(address: string): boolean {
    let parsed: Address;
    try {
      parsed = ipaddr.parse(address);
    } catch {
      return false;
    }
    const target = embeddedIpv4(parsed) ?? parsed;
    if (this.allowed.some(([network, bits]) => target.kind() === network.kind() && target.match(network, bits))) return true;
    return target.range() === 'unicast';
  }
}

/** The IPv4 address an IPv6 address stands for, when it stands for one. */
function embeddedIpv4(address: Address): ipaddr.IPv4 | undefined {
  if (address.kind() !== 'ipv6') return undefined;
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  const bytes = v6.toByteArray();
  const range = v6.range();
  if (range === 'rfc6052' || range === 'rfc6145') return new ipaddr.IPv4(bytes.slice(12, 16)); // NAT64
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6)); // 2002:AABB:CCDD::/48
  // Teredo: the client's address, inverted, in the last 32 bits.
  if (range === 'teredo') return new ipaddr.IPv4(bytes.slice(12, 16).map((b) => b ^ 0xff));
  return undefined;
}
