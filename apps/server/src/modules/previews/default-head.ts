// The face drawn when a player's avatar cannot be fetched in time: our own 8x8 head in the
// game's pixel style (original art, not the game's default skin), as an SVG of square cells.
const PALETTE: Record<string, string> = {
  H: '#3a2616', // hair
  h: '#54381f', // hair, lit
  S: '#c98d63', // skin
  s: '#b07650', // skin, shaded
  W: '#eef1f8', // eye white
  E: '#6d5bd0', // iris
  N: '#a86d4a', // nose
  M: '#7a4433', // mouth
};

const FACE = ['HHhHHHhH', 'HHHHhHHH', 'HsSSSSsH', 'SSSSSSSS', 'SWESSEWS', 'SSSNNSSS', 'SsMMMMsS', 'SSSSSSSS'];

/** The default head as SVG markup, one unit per pixel. */
export const DEFAULT_HEAD_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" width="8" height="8" shape-rendering="crispEdges">',
  ...FACE.flatMap((row, y) =>
    [...row].map((cell, x) => `<rect x="${x}" y="${y}" width="1" height="1" fill="${PALETTE[cell]}"/>`),
  ),
  '</svg>',
].join('');

export const DEFAULT_HEAD_URI = `data:image/svg+xml;base64,${Buffer.from(DEFAULT_HEAD_SVG).toString('base64')}`;
