// The client addresses of a flood (issue 36): many IPv4 /24 blocks with a few addresses each, a few IPv6 /48
// blocks with many (a carrier's or a cloud's), some addresses inside the block real visitors use, and a few "hot"
// addresses that send more than their share. All from ranges reserved for benchmarks and documentation:
// 198.18.0.0/15 (RFC 2544) for IPv4, 2001:db8::/32 (RFC 3849) for IPv6. The guard's blocks are /24 and /48
// (supabase/migrations/20261127100000_held_leads.sql), so the layout decides which limit a flood meets.

export type FloodAddressOptions = {
  /** Distinct client addresses in all. */
  count: number;
  /** IPv6 /48 blocks, and addresses in each. */
  ipv6Blocks: number;
  perIpv6Block: number;
  /** Flood addresses inside the real visitors' own /24. */
  inVisitorBlock: number;
  /** Addresses per other IPv4 /24 (the rest of `count` is spread over as many /24s as needed). */
  perIpv4Block: number;
  /** Addresses that send `hotShare` of all requests between them (each in a /24 of its own). */
  hotClients: number;
};

export type FloodAddresses = {
  /** Every flood address, hot ones included. */
  all: string[];
  hot: string[];
  /** The real visitors' /24, e.g. 198.19.250.0/24, and an address in it no flood address uses. */
  visitorBlock: string;
  visitorAddressInBlock(index: number): string;
  /** An address outside every flood block, for a visitor from elsewhere. */
  visitorAddressElsewhere(index: number): string;
  /** Flood addresses per block (the guard's block: /24 or /48). */
  blockSizes: Record<string, number>;
};

/** The full bench's layout: 1,000 addresses. */
export const BENCH_ADDRESSES: FloodAddressOptions = {
  count: 1000,
  ipv6Blocks: 4,
  perIpv6Block: 40,
  inVisitorBlock: 15,
  perIpv4Block: 7,
  hotClients: 5,
};

const VISITOR_BLOCK_PREFIX = '198.19.250';
/** The visitors' own addresses in their block: .200 upwards (flood addresses use .1 to .199). */
const VISITOR_HOST_START = 200;

export function blockOf(address: string): string {
  if (address.includes(':')) return `${address.split(':').slice(0, 3).join(':')}::/48`;
  return `${address.split('.').slice(0, 3).join('.')}.0/24`;
}

export function floodAddresses(options: FloodAddressOptions): FloodAddresses {
  const all: string[] = [];
  const hot: string[] = [];
  for (let block = 0; block < options.ipv6Blocks; block++) {
    for (let host = 1; host <= options.perIpv6Block; host++) {
      all.push(`2001:db8:${(0x100 + block).toString(16)}:${(host % 7).toString(16)}::${host.toString(16)}`);
    }
  }
  for (let host = 1; host <= options.inVisitorBlock; host++) all.push(`${VISITOR_BLOCK_PREFIX}.${host}`);
  // Hot clients first, one per /24, then the rest `perIpv4Block` to a /24.
  let block = 0;
  const ipv4 = (index: number, host: number) => `198.${18 + (index >> 8)}.${index & 255}.${host}`;
  for (let client = 0; client < options.hotClients; client++) {
    const address = ipv4(block++, 77);
    hot.push(address);
    all.push(address);
  }
  while (all.length < options.count) {
    if (block === 0x1fa) block++; // 198.19.250.0/24 is the visitors' block
    for (let host = 1; host <= options.perIpv4Block && all.length < options.count; host++) {
      all.push(ipv4(block, 10 + host * 13));
    }
    block++;
  }
  const blockSizes: Record<string, number> = {};
  for (const address of all) blockSizes[blockOf(address)] = (blockSizes[blockOf(address)] ?? 0) + 1;
  return {
    all,
    hot,
    visitorBlock: `${VISITOR_BLOCK_PREFIX}.0/24`,
    visitorAddressInBlock: (index) => `${VISITOR_BLOCK_PREFIX}.${VISITOR_HOST_START + (index % 55)}`,
    // 192.0.2.0/24 and 203.0.113.0/24 (documentation): never flood blocks.
    visitorAddressElsewhere: (index) => `${index % 2 === 0 ? '192.0.2' : '203.0.113'}.${1 + ((index >> 1) % 254)}`,
    blockSizes,
  };
}
