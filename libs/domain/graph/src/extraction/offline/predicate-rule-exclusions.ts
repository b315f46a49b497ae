import { EntityType } from './lexicon';

// The entity types many predicate rules exclude (shared by the predicate-rules-*.ts files).

export const NOT_PLACE: EntityType[] = ['location', 'date'];
export const NOT_PERSON: EntityType[] = ['person', 'date'];
