import { colorsTuple, type MantineColorsTuple } from '@mantine/core'

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

function mix(hex: string, target: number, amount: number): string {
  const mixed = channels(hex).map((channel) => Math.round(channel + (target - channel) * amount))
  return `#${mixed.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`
}

const TINTS = [0.92, 0.82, 0.66, 0.5, 0.34, 0.16] as const
const SHADES = [0.14, 0.28, 0.42] as const

/** Ten shades for a Mantine colour with the brand colour itself at index 6, Mantine's default primary shade. */
export function colorTupleFrom(hex: string): MantineColorsTuple {
  const base = hex.toLowerCase()
  return colorsTuple([
    ...TINTS.map((amount) => mix(base, 255, amount)),
    base,
    ...SHADES.map((amount) => mix(base, 0, amount)),
  ])
}
