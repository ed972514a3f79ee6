import { useEffect } from 'react';
import { absoluteUrl, setShareMessage, type ShareMessage } from './messenger';
import { sharePictureOf } from './share-picture';

/**
 * Set the page's share message while it is shown (spec §1). Pass null until the data is loaded;
 * link and imgUrl may be paths of this site; our SVG posters and goods pictures are shared as their
 * PNG twins (WeChat shows no thumbnail for SVG).
 */
export function useShareMessage(message: ShareMessage | null): void {
  const title = message?.title;
  const desc = message?.desc;
  const link = message?.link;
  const imgUrl = message?.imgUrl;
  useEffect(() => {
    if (title === undefined || desc === undefined || link === undefined || imgUrl === undefined) {
      return;
    }
    setShareMessage({
      title,
      desc,
      link: absoluteUrl(link),
      imgUrl: absoluteUrl(sharePictureOf(imgUrl)),
    }).catch((error: unknown) => console.warn('share message not set', error));
  }, [title, desc, link, imgUrl]);
}
