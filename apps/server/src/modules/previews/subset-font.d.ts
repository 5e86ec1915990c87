// The part of subset-font (which ships no types) that make-card-fonts.ts uses.
declare module 'subset-font' {
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: {
      targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2';
      variationAxes?: Record<string, number>;
    },
  ): Promise<Uint8Array>;
}
