// Inside this group's frame: the header and footer stay, with a way on.
export { default, generateMetadata } from '@/app/_components/not-found-screen';
