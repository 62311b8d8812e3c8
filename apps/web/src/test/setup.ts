import { configure } from '@testing-library/react';

// A find waits for a screen's lazy parts (the rich-text editor, a form's fields): under a second
// alone, longer on a loaded 2-core machine. A wait ends as soon as it is met, so this costs nothing.
configure({ asyncUtilTimeout: 5_000 });
