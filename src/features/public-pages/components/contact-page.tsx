import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ContactForm } from './contact-form';

const TOPICS: { title: string; text: ReactNode }[] = [
  {
    title: 'Help with your account',
    text: 'Sign-in codes that do not arrive, a handle you want back, associates you cannot add. Write from the e-mail address on your account if you can.',
  },
  {
    title: 'Safety and abuse',
    text: 'To report a post, short, comment or member, use Report on it in the app: it reaches our moderators fastest. Write here when something needs more explanation.',
  },
  {
    title: 'Your data',
    text: (
      <>
        Ask for a copy of your data or for your account to be deleted. Our <Link to="/app-privacy-policy">privacy policy</Link> explains
        what we hold.
      </>
    ),
  },
  {
    title: 'Clubs, shops and events',
    text: 'Running a club or a shop ride and want to bring your group over? Tell us about it and we will help you set it up.',
  },
];

export function ContactPage() {
  return (
    <div className="bg-surface-2">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1fr_1.35fr] lg:gap-16">
        <div>
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Contact us</h1>
          <p className="mt-4 text-lg leading-relaxed text-muted">
            Questions, ideas, problems or praise: it all lands with the people who build Switchback, and we answer by e-mail, usually within
            two working days.
          </p>
          <ul className="mt-10 flex flex-col gap-6">
            {TOPICS.map((t) => (
              <li key={t.title} className="border-l-2 border-brand pl-4">
                <h2 className="font-semibold">{t.title}</h2>
                <p className="mt-1 text-sm leading-relaxed text-muted [&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-2">
                  {t.text}
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-10 rounded-xl border border-line bg-surface p-4 text-sm">
            <strong className="font-semibold">In an emergency on the trail,</strong> call your local emergency number. Switchback cannot
            send help.
          </p>
        </div>
        <div className="h-fit rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-8">
          <ContactForm />
        </div>
      </div>
    </div>
  );
}
