import { Link } from '@tanstack/react-router';
import { DocumentPage } from './public-layout';

const sections = [
  {
    id: 'agreement',
    title: 'These terms',
    body: (
      <>
        <p>
          These terms are the agreement between you and Switchback ("we", "us") for using the Switchback website and the Switchback apps for
          iOS and Android. By creating an account or using Switchback you accept them, together with our{' '}
          <Link to="/app-privacy-policy">privacy policy</Link>.
        </p>
        <p>If you do not agree with them, please do not use Switchback. If something here is unclear, ask us before you sign up.</p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account and your age',
    body: (
      <>
        <ul>
          <li>
            <strong>You must be 13 or older</strong> to create your own account. We ask for your date of birth when you sign up and will
            close accounts that we learn belong to someone younger. Children under 13 can only use Switchback as an associate of a parent or
            guardian (see section 3).
          </li>
          <li>Give your real name and keep your e-mail address up to date: it is how we send your one-time sign-in codes.</li>
          <li>One account is for one person. Do not share it, sell it, or sign in as someone else.</li>
          <li>
            Keep your password and codes to yourself. We will never ask for a code by phone, chat or e-mail. Tell us straight away if you
            think someone else has used your account.
          </li>
          <li>Your handle must not impersonate another person, club, brand or organisation.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'associates',
    title: 'Associates and children',
    body: (
      <>
        <p>
          A member can add associates: accounts linked to theirs, typically for their children. When you add an associate, you confirm that
          you are that person's parent or legal guardian, or that you have the consent of their parent or guardian to do so.
        </p>
        <ul>
          <li>
            <strong>You are responsible for every associate you add</strong>: for what they post, the events they join and the permissions
            you grant them, and for supervising their use of Switchback in a way that suits their age.
          </li>
          <li>You decide, permission by permission, what each associate can do, and you can change those permissions at any time.</li>
          <li>You can make an associate inactive or remove it whenever you want. Removing an associate closes that account.</li>
          <li>If you close your own account, the associates linked to it are closed with it.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'events',
    title: 'Group rides, events and your safety',
    body: (
      <>
        <p>
          Switchback helps members organise and find group rides, hikes, runs and challenges. Events are arranged between members;
          Switchback does not run them, check them or supervise them.
        </p>
        <ul>
          <li>
            <strong>Organisers are not guides.</strong> Unless they tell you otherwise, an organiser is a member like you, not a qualified
            guide, coach or instructor. Even where an organiser says they are qualified, we have not checked it.
          </li>
          <li>
            <strong>Ride within your ability.</strong> Difficulty ratings, distances, elevation figures and routes are written by members
            and may be wrong. Check the route, the weather and the trail conditions yourself, and turn back when it is the sensible thing to
            do.
          </li>
          <li>
            Bring what the activity needs: a helmet for riding, lights, water, food, a spare tube or layers, and a charged phone. Tell
            someone where you are going.
          </li>
          <li>
            Follow local rules: trail closures, access rights, rights of way and traffic law. Yield to walkers and horses, do not skid or
            cut corners, and leave gates as you found them.
          </li>
          <li>
            As an organiser, describe the event honestly (pace, difficulty, whether it is a no-drop ride), keep the details current, and
            cancel it on Switchback if it is not going ahead.
          </li>
        </ul>
        <p>
          Taking part in outdoor sports carries a risk of injury. You take part in events and activities you find on Switchback at your own
          risk.
        </p>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Your content and the licence you give us',
    body: (
      <>
        <p>
          You own what you post: text, photos, short videos, routes, activities, comments and gear details. To show it to the people you
          have chosen, we need your permission to handle it.
        </p>
        <p>
          So you give Switchback a worldwide, non-exclusive, royalty-free licence to host, store, copy, resize, transcode, display and
          deliver your content, only to run and improve Switchback and only as far as your visibility settings allow. The licence ends when
          you delete the content or your account, except for copies kept in backups for the limited time our privacy policy describes.
        </p>
        <ul>
          <li>Only post content you have the right to share, including music in your videos and photos of other people.</li>
          <li>Tag people only when they were really there, and take a tag down if the person asks.</li>
          <li>We may remove content that breaks these terms or the law, and we may keep a record of it where the law requires.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'conduct',
    title: 'What is not allowed',
    body: (
      <ul>
        <li>Harassment, threats, hate speech, or bullying of any member, including through comments, tags and reactions.</li>
        <li>Sexual content, and any content that sexualises or endangers children.</li>
        <li>Sharing someone else's location, home, or activity details without their consent.</li>
        <li>Encouraging dangerous stunts or promoting riding on closed trails or private land without permission.</li>
        <li>Spam, fake accounts, fake events, selling stolen gear, or advertising that the people you reach did not ask for.</li>
        <li>Scraping Switchback, breaking its security, or using it to collect other members' data.</li>
      </ul>
    ),
  },
  {
    id: 'location',
    title: 'Safety and location',
    body: (
      <>
        <p>Recording activities and sharing live location depend on your device's GPS, which can be inaccurate or stop working.</p>
        <ul>
          <li>
            <strong>Switchback is not an emergency service.</strong> Do not rely on it to be found or rescued. In an emergency, call your
            local emergency number.
          </li>
          <li>
            Live location is shown only to the viewers you allow, and only until it expires. You can stop sharing at any time. Choose your
            viewers carefully.
          </li>
          <li>
            Privacy zones hide the start and end of activities that begin or finish inside them. They do not hide what is visible in your
            photos or videos, or in what you write.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'moderation',
    title: 'Reports, blocking and moderation',
    body: (
      <p>
        You can block, mute or report any member, post, short video or comment. We review reports and may remove content, limit features or
        suspend accounts that break these terms. We try to tell you when we act on your content and why, unless doing so would put someone
        at risk or the law does not allow it.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Closing your account, and when we close it',
    body: (
      <>
        <p>
          You can delete your account at any time. Your posts, activities, comments and gear list are then removed as our privacy policy
          describes.
        </p>
        <p>
          We may suspend or close an account that seriously or repeatedly breaks these terms, that puts other members at risk, or where the
          law requires us to. Where we reasonably can, we will warn you first and tell you how to ask us to look at the decision again.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'The service and our liability',
    body: (
      <>
        <p>
          We work hard to keep Switchback running and accurate, but we provide it as it is, and features can change. Maps, routes, elevation
          figures and other members' information may contain mistakes.
        </p>
        <p>
          As far as the law allows, Switchback is not liable for injury, loss or damage arising from events, routes or activities you find
          on Switchback, or from what other members do. Nothing in these terms limits liability that cannot be limited by law, or your
          rights as a consumer.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        When we change these terms in a way that matters, we will tell you by e-mail or in the app at least 30 days before the change
        applies. If you keep using Switchback after that, the new terms apply. The date at the top shows when they last changed.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms, or a report that cannot wait? Write to us through the <Link to="/contact-us">contact page</Link> and we
        will answer by e-mail.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <DocumentPage
      title="Terms of use"
      updated="21 November 2026"
      intro={
        <p>
          The rules for using Switchback, in plain language: who can join, how to behave on the trail and online, what happens to what you
          post, and what we are and are not responsible for.
        </p>
      }
      sections={sections}
    />
  );
}
