/** Placeholder until this screen is built. */
export default function ObjectsPage() {
  return null;
}
