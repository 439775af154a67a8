// The app drivers (XSession, AppProcess) live in AppDriving, shared with the brief's tests.
@_exported import AppDriving
