// A step of the app's start (main.tsx): the router's modules, evaluated in a task of their own.
export { createBrowserRouter, matchRoutes } from 'react-router';
export { RouterProvider } from 'react-router/dom';
