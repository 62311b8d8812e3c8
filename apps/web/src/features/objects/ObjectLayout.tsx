/** Placeholder until this screen is built. */
export default function ObjectLayout() {
  return null;
}
