import { slugify } from '@observatory/shared';

/**
 * A title as a URL key: "Soil chemistry" -> soil-chemistry, "Łódź" -> lodz (the server's
 * own slugify). A suggestion while the key is untouched: the server has the last word.
 */
export const slugFromTitle = (title: string) => slugify(title);
