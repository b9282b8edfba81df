import { z } from 'zod';

/**
 * A part of the environment (database.ts, retention.ts…): its variables, what each must be (the start-up
 * error quotes this, never the value: it may hold a password), and its rules across variables, which may
 * read a variable of another part (NODE_ENV, API_PORT).
 */
export interface EnvSection<Shape extends z.ZodRawShape, RulesEnv> {
  shape: Shape;
  expected: Record<keyof Shape, string>;
  rules: readonly ((env: RulesEnv, context: z.RefinementCtx) => void)[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any section, whatever its rules read
type AnySection = EnvSection<z.ZodRawShape, any>;
/** The intersection of a union's members (a function's parameter is contravariant). */
type AllOf<Union> = (Union extends unknown ? (all: Union) => void : never) extends (all: infer All) => void
  ? All
  : never;
type ShapeOf<Sections extends readonly AnySection[]> =
  AllOf<Sections[number]['shape']> extends infer Shape extends z.ZodRawShape ? Shape : never;
type RulesEnvOf<Sections extends readonly AnySection[]> = AllOf<
  Parameters<Sections[number]['rules'][number]>[0]
>;

/**
 * One config's environment from its sections, in their order: one schema of every variable with every
 * rule, checked even when other variables are bad (`when`) so one message names every problem, and what
 * each variable must be. A rule reading a variable no section has makes the result `never`.
 */
export function envOf<const Sections extends readonly AnySection[]>(
  ...sections: Sections
): z.output<z.ZodObject<ShapeOf<Sections>>> extends RulesEnvOf<Sections>
  ? { schema: z.ZodObject<ShapeOf<Sections>>; expected: Record<keyof ShapeOf<Sections>, string> }
  : never {
  const schema = sections
    .flatMap((section) => section.rules)
    .reduce(
      (all, rule) => all.superRefine(rule, { when: () => true }),
      z.object(Object.fromEntries(sections.flatMap((section) => Object.entries(section.shape)))),
    );
  const expected = Object.fromEntries(sections.flatMap((section) => Object.entries(section.expected)));
  return { schema, expected } as never;
}
