import { Link } from '@tanstack/react-router';
import { DocumentPage } from './public-layout';

const sections = [
  {
    id: 'collect',
    title: 'What we collect',
    body: (
      <>
        <p>We collect what you give us and what Switchback needs to work. Nothing more.</p>
        <ul>
          <li>
            <strong>Account:</strong> your e-mail address, name, handle, date of birth, gender, the kind of member you are, a hash of your
            password (never the password itself), and your phone number if you add one.
          </li>
          <li>
            <strong>Profile:</strong> your profile and cover photos, your sports, your gear list, your notification settings, and who you
            follow and who follows you.
          </li>
          <li>
            <strong>Activities and GPS:</strong> the tracks you record or upload, with distance, elevation, times and the route itself, and
            your position while you are sharing live location.
          </li>
          <li>
            <strong>Photos and short videos:</strong> what you upload to posts, events and your gear list. We remove embedded metadata, such
            as the GPS position a camera stores in a photo, when you upload it.
          </li>
          <li>
            <strong>What you do on Switchback:</strong> posts, comments, reactions, tags, events you create, join or are interested in, and
            the reports, blocks and mutes you make.
          </li>
          <li>
            <strong>Device token:</strong> when you sign in, the type of device you use and, in the mobile apps, a token that lets us send
            push notifications to that device.
          </li>
          <li>
            <strong>Messages to us:</strong> the name, e-mail address and message you send through the contact page.
          </li>
          <li>
            <strong>Security logs:</strong> IP addresses and request times, kept briefly to stop abuse such as repeated sign-in attempts.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'use',
    title: 'How we use it',
    body: (
      <ul>
        <li>To run your account and show your content to the people you have chosen.</li>
        <li>To send sign-in codes, notifications you have switched on, and messages about your account.</li>
        <li>To keep members safe: reviewing reports, stopping spam and fake accounts, and enforcing our terms of use.</li>
        <li>To understand which features are used so we can improve them, using figures that do not identify you.</li>
      </ul>
    ),
  },
  {
    id: 'location',
    title: 'Location privacy',
    body: (
      <>
        <p>Where you go is some of the most personal data there is, so it gets the strongest protection.</p>
        <ul>
          <li>
            <strong>Privacy zones</strong> hide the start and end of any activity that begins or finishes inside them, from everyone but
            you. Put one around your home, your work and your children's school.
          </li>
          <li>
            <strong>Live location</strong> is shown only to the viewers you allow. It expires on its own, and you can stop sharing sooner.
            We do not keep a history of live positions once a live activity has ended, apart from the activity you choose to save.
          </li>
          <li>We never sell location data, and we never share it with advertisers.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'visibility',
    title: 'Who sees what',
    body: (
      <ul>
        <li>
          <strong>Public profile:</strong> signed-in members can see your posts, short videos, activities (outside your privacy zones),
          events and gear list.
        </li>
        <li>
          <strong>Private profile:</strong> only followers you have approved see your posts and activities. Your name, handle and profile
          photo stay visible so people can send you a follow request.
        </li>
        <li>
          <strong>Blocks:</strong> a member you block can no longer see your profile or your content, and cannot follow you, tag you or
          comment on your posts. Muting simply hides their posts from you; they are not told.
        </li>
        <li>
          <strong>Events</strong> are visible to the audience the organiser chooses; the list of who is going is visible to people who can
          see the event.
        </li>
        <li>
          <strong>Associates:</strong> the parent or guardian who added an associate can see and manage that account.
        </li>
        <li>Your e-mail address, phone number and date of birth are never shown to other members.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We do not sell your personal data and we do not show advertising based on it. We share it only:</p>
        <ul>
          <li>
            with the companies that help us run Switchback, such as hosting, e-mail and text-message delivery, and map services, under
            contracts that let them use it only to provide that service to us;
          </li>
          <li>when the law requires it, or to protect someone from serious harm;</li>
          <li>with a new owner, if Switchback is ever sold, who must keep the promises in this policy.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>Your account and content: for as long as you keep your account.</li>
        <li>
          When you delete something, or your whole account, it disappears from Switchback straight away and from our backups within 30 days.
        </li>
        <li>Sign-in codes expire within minutes and are deleted once used or expired.</li>
        <li>Security logs: 30 days. Messages sent through the contact page: two years, so we can follow up on an earlier conversation.</li>
        <li>Reports and moderation decisions: as long as needed to keep members safe, and longer only where the law requires it.</li>
      </ul>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <>
        <ul>
          <li>
            <strong>Download your data:</strong> ask for a copy of everything we hold about you, and we will send a download link to the
            e-mail address on your account.
          </li>
          <li>
            <strong>Delete your account:</strong> ask us through the contact page (a delete button in your profile settings is on its way). This also deletes the associates you added.
          </li>
          <li>
            <strong>Correct it:</strong> edit your profile at any time, or ask us to fix anything you cannot change yourself.
          </li>
          <li>
            <strong>Object or restrict:</strong> ask us to stop a particular use of your data.
          </li>
        </ul>
        <p>
          Make any request through the <Link to="/contact-us">contact page</Link>, from the e-mail address on your account. We answer within
          30 days. Depending on where you live, you may also complain to your data protection authority.
        </p>
      </>
    ),
  },
  {
    id: 'codes',
    title: 'E-mail and text-message codes',
    body: (
      <p>
        We sign you in, confirm new accounts, reset passwords and confirm phone numbers with 4-digit one-time codes, sent by e-mail or text
        message. A code works once and only for a short time. Switchback staff will never ask you for a code: anyone who does is trying to
        get into your account.
      </p>
    ),
  },
  {
    id: 'storage',
    title: 'Cookies and local storage',
    body: (
      <>
        <p>
          We store your session token and your preferences in your browser's local storage: the token that keeps you signed in, a copy of
          your basic profile, your light or dark theme and your chosen map style. Signing out removes them.
        </p>
        <p>
          There are no advertising trackers and no third-party analytics cookies. When a page shows a map, its tiles may come from our map
          provider, which sees your IP address but nothing about your account.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Switchback accounts are for people aged 13 and over. Younger children can only take part as associates of a parent or guardian, who
        chooses their permissions and can see, change or delete their account. If you believe a child under 13 has signed up on their own,
        tell us and we will close the account.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>If we change how we use your data in a way that matters, we will tell you by e-mail or in the app before the change applies.</p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about your privacy, or a request about your data? Write to us through the <Link to="/contact-us">contact page</Link>. A
        person on our team reads every message.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <DocumentPage
      title="Privacy policy"
      updated="21 November 2026"
      intro={
        <p>
          What Switchback collects, why, who can see it, and how to download or delete it. The short version: we use your data to run
          Switchback, we never sell it, and your location stays under your control.
        </p>
      }
      sections={sections}
    />
  );
}
