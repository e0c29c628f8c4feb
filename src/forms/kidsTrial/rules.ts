import { KIDS_AGES } from "../signup/rules";

/**
 * What the kids' trial class form renders with; its check is src/forms/kidsTrial/schema.ts, loaded on
 * first use. A parent books their child a free seat in a kids class. Of the child it asks only what the
 * coach needs to welcome them and plan the class: their first name and age.
 */
export const CHOOSE_CLASS = "Choose a class for the free trial";

/** The ages a child may be: the kids program's (src/forms/signup/rules.ts), youngest first. */
export const CHILD_AGES: readonly number[] = Array.from({ length: KIDS_AGES.max - KIDS_AGES.min + 1 }, (_, i) => KIDS_AGES.min + i);

export const CHILD_AGE_MESSAGE = `Choose your child's age: CrossFit Kids is for ages ${KIDS_AGES.min} to ${KIDS_AGES.max}`;

/** A first name, not a full name: a child's surname is not needed for a trial class. */
export const CHILD_NAME_MAX = 40;
