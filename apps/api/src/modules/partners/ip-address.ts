import { isIP } from 'node:net'

/**
 * One spelling per address, so that the address a partner names and the one the customer's browser comes from compare
 * equal however each was written: IPv6 lower-cased and compressed as URLs write it (`2001:DB8:0::7` → `2001:db8::7`),
 * an IPv4 address mapped into IPv6 (`::ffff:1.2.3.4`, `::ffff:102:304`) as the IPv4 address.
 */
export function canonicalIp(ip: string): string {
  const address = ip.trim()
  if (isIP(address) !== 6) return address
  const compressed = new URL(`http://[${address}]`).hostname.slice(1, -1)
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(compressed)
  if (!mapped) return compressed
  const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)]
  return [high >> 8, high & 255, low >> 8, low & 255].join('.')
}
