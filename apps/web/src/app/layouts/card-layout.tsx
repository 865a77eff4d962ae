import { Outlet } from 'react-router'

/** The other public screens: one centred card. */
export function CardLayout() {
  return (
    <div className="ac-centre">
      <Outlet />
    </div>
  )
}
