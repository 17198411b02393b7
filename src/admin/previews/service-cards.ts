// The services' cards for the landing page preview. Read from content/services here (Node: the unit tests); the
// editor's bundle replaces this module with the same list, read when the bundle is made (src/build/admin-bundle.ts),
// since the browser cannot read the files.
import { readServiceCards } from '../../content-model/service-cards';

export const serviceCards = readServiceCards();
