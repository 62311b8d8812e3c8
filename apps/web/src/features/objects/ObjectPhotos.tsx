/** Placeholder until this screen is built. */
export default function ObjectPhotos() {
  return null;
}
