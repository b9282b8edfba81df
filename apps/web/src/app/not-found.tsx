// What neither route group catches, in the root layout alone.
export { default, generateMetadata } from './_components/not-found-screen';
