'use client';

// The error screen inside this group's frame.
export { default } from '@/shared/components/route-error';
