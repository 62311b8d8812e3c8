import { snippetPieces } from './highlight';

/** A snippet with its matches in <mark>: React text nodes only, never HTML. */
export function Highlighted({ text, ranges }: { text: string; ranges: readonly (readonly [number, number])[] }) {
  return <>{snippetPieces(text, ranges).map((piece, i) => (piece.mark ? <mark key={i}>{piece.text}</mark> : <span key={i}>{piece.text}</span>))}</>;
}
