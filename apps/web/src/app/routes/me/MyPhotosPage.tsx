import { MyPhotos } from '../../../features/photos/MyPhotos';
import { useTitle } from '../../../lib/use-title';

/** /me/photos: the photos the signed-in user took or added, with their captions edited and photos deleted in place. */
export default function MyPhotosPage() {
  useTitle('My Photos');
  return <MyPhotos />;
}
