/** Placeholder until this screen is built. */
export default function ObjectNotebook() {
  return null;
}
