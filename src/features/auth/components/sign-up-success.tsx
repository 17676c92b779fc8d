import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/ui/button';
import { useSession } from '../session-context';
import { AuthCard } from './auth-card';

export function SignUpSuccess() {
  const { user } = useSession();
  if (!user) {
    return (
      <AuthCard title="Your account is ready" subtitle="Sign in to start riding with Switchback.">
        <Link to="/auth/login" className={buttonClass('primary', 'w-full')}>
          Sign in
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={`You're in, ${user.firstName}!`} subtitle="Your Switchback account is ready.">
      <ul className="mb-6 flex list-disc flex-col gap-2 pl-5 text-sm">
        <li>Follow riders and hikers you know from the members list.</li>
        <li>Post your latest ride, hike or run with photos.</li>
        <li>Join an event near you, or organise your own.</li>
      </ul>
      <div className="flex flex-col gap-3">
        <Link to="/feeds" className={buttonClass('primary')}>
          Go to my feed
        </Link>
        <Link to="/members" className={buttonClass('secondary')}>
          Find people to follow
        </Link>
      </div>
    </AuthCard>
  );
}
